"use server";

import { cardTargetSchema, reportCardSchema } from "@/lib/contracts/cards";
import { defineAction } from "@/server/action-kit/define-action";
import {
  blockCard,
  freezeCard,
  reportCard,
  unblockCard,
  unfreezeCard,
  voidCard,
} from "@/server/cards/lifecycle/change-status";

/*
 * Customers -> a customer's cards. Operators and admins act on cards (docs/team.md, Roles). Every
 * card change asks for the 2FA step-up: the REST API guards freeze and unfreeze; void and
 * lost/stolen reports are permanent, and block/unblock are the program's compliance switch, so
 * they are guarded the same way. The step-up window the
 * kit opens is also what the service's own second-factor check sees.
 */

export const freezeCardAction = defineAction(
  { input: cardTargetSchema, can: "freezeCard", name: "freezeCard" },
  async ({ ctx, input }) => freezeCard({ ctx, input }),
);

export const unfreezeCardAction = defineAction(
  { input: cardTargetSchema, can: "unfreezeCard", name: "unfreezeCard" },
  async ({ ctx, input }) => unfreezeCard({ ctx, input }),
);

export const voidCardAction = defineAction(
  { input: cardTargetSchema, can: "voidCard", name: "voidCard" },
  async ({ ctx, input }) => voidCard({ ctx, input }),
);

export const reportCardAction = defineAction(
  {
    input: cardTargetSchema.extend(reportCardSchema.shape),
    can: "reportCard",
    name: "reportCard",
  },
  async ({ ctx, input }) => reportCard({ ctx, input }),
);

export const blockCardAction = defineAction(
  { input: cardTargetSchema, can: "blockCard", name: "blockCard" },
  async ({ ctx, input }) => blockCard({ ctx, input }),
);

export const unblockCardAction = defineAction(
  { input: cardTargetSchema, can: "unblockCard", name: "unblockCard" },
  async ({ ctx, input }) => unblockCard({ ctx, input }),
);
