import type { ErrorDetail } from "@/lib/errors";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { findCustomer } from "../customers/find";
import {
  SOURCE_OF_FUNDS_OPTIONS,
  type SourceOfFundsQuestion,
  sourceOfFundsQuestions,
} from "../source-of-funds-questions";
import { auditOnboardingStep, flowChange } from "./audit";
import { requireOnboardedUpTo, saveProgress } from "./progress";

export interface SourceOfFundsQuestions {
  svc_card_id: string;
  status: "questions_retrieved";
  questions: SourceOfFundsQuestion[];
  next_step: string;
}

export interface SourceOfFundsSubmitted {
  svc_card_id: string;
  status: "completed";
  submitted_at: string;
  next_step: "phone_verification";
}

export interface SourceOfFundsAnswer {
  question: string;
  answer: string;
}

/**
 * GET /v1/svc-card/customers/{svcCardId}/source-of-funds. The questions are the same for every
 * customer, so they are served at any step (a client may show them early); answering is what
 * step 3 checks.
 */
export async function getSourceOfFunds({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; locale?: string };
}): Promise<SourceOfFundsQuestions> {
  authorize(ctx, "getSourceOfFunds");
  const customer = await findCustomer(ctx, input.svcCardId);
  return {
    svc_card_id: customer.svcCardId,
    status: "questions_retrieved",
    questions: sourceOfFundsQuestions(input.locale),
    next_step: customer.sourceOfFundsAt ? "phone_verification" : "submit_answers",
  };
}

/**
 * POST /v1/svc-card/customers/{svcCardId}/source-of-funds: all answers at once (step 3, after
 * identity approval); the customer moves to phone verification (step 4).
 */
export async function submitSourceOfFunds({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; answers: SourceOfFundsAnswer[] };
}): Promise<SourceOfFundsSubmitted> {
  authorize(ctx, "submitSourceOfFunds");
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    if (customer.sourceOfFundsAt)
      throw new ServiceError("ONBOARDING_STEP_DONE", "The source-of-funds answers were already submitted.");
    requireOnboardedUpTo(customer, "kyc");
    const answers = checkAnswers(input.answers);
    const submittedAt = new Date();
    const saved = await saveProgress(tx, customer, { sourceOfFunds: answers, sourceOfFundsAt: submittedAt });
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.source_of_funds_submitted",
      ...flowChange(customer, saved),
    });
    return {
      svc_card_id: customer.svcCardId,
      status: "completed",
      submitted_at: submittedAt.toISOString(),
      next_step: "phone_verification",
    };
  });
}

/**
 * Every question answered exactly once with one of its options, nothing else: 422 INVALID_ANSWER
 * listing each problem. Returned in the questionnaire's order.
 */
export function checkAnswers(answers: SourceOfFundsAnswer[]): SourceOfFundsAnswer[] {
  const details: ErrorDetail[] = [];
  const seen = new Map<string, string>();
  answers.forEach((a, i) => {
    const options = SOURCE_OF_FUNDS_OPTIONS.get(a.question);
    if (!options)
      details.push({ path: `answers[${i}].question`, message: `Unknown question "${a.question}".` });
    else if (seen.has(a.question))
      details.push({ path: `answers[${i}].question`, message: `${a.question} is answered more than once.` });
    else if (!options.includes(a.answer))
      details.push({
        path: `answers[${i}].answer`,
        message: `"${a.answer}" is not an option of ${a.question}. Use one of: ${options.join(", ")}.`,
      });
    if (options && !seen.has(a.question)) seen.set(a.question, a.answer);
  });
  for (const question of SOURCE_OF_FUNDS_OPTIONS.keys()) {
    if (!seen.has(question)) details.push({ path: "answers", message: `${question} is not answered.` });
  }
  if (details.length)
    throw new ServiceError("INVALID_ANSWER", "Some source-of-funds answers are missing or not valid.", {
      details,
    });
  return [...SOURCE_OF_FUNDS_OPTIONS.keys()].map((question) => ({ question, answer: seen.get(question)! }));
}
