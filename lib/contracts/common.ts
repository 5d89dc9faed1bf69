import { z } from "zod";

/** Contracts every domain uses. */

/** The input of a server action that takes nothing. */
export const noInputSchema = z.object({});
