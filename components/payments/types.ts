import type { Action } from "@/lib/action-result";
import type {
  BeneficiaryForm,
  ExchangeRateInput,
  FiatEstimate,
  FiatQuote,
  PaymentMethodView,
} from "@/lib/contracts/fiat";
import type {
  BeneficiaryView,
  CreateBeneficiaryInput,
  DepositBody,
  DepositView,
  PayoutBody,
  PayoutView,
  WalletView,
} from "@/lib/contracts/fiat-payments";

export interface PayoutMethodWithForm {
  method: PaymentMethodView;
  form: BeneficiaryForm;
}

export interface PaymentsActions {
  estimate: Action<ExchangeRateInput, FiatEstimate>;
  lock: Action<ExchangeRateInput, FiatQuote>;
  check: Action<CreateBeneficiaryInput, { fields: Record<string, string> }>;
  payout: Action<PayoutBody, PayoutView>;
  deposit: Action<DepositBody, DepositView>;
}

export interface PaymentsData {
  wallets: WalletView[];
  payoutMethods: PayoutMethodWithForm[];
  payinMethods: PaymentMethodView[];
  beneficiaries: BeneficiaryView[];
}
