import { redirect } from "next/navigation";
import { getOptionalSession } from "@/server/action-kit/session";

export default async function HomePage() {
  // Signed in is enough here: the Overview shows the 2FA enrolment to a member who must enrol.
  redirect((await getOptionalSession({ beforeTwoFactor: true })) ? "/overview" : "/sign-in");
}
