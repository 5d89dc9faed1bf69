import { redirect } from "next/navigation";
import { getOptionalSession } from "@/server/actions/session";

export default async function HomePage() {
  redirect((await getOptionalSession()) ? "/overview" : "/sign-in");
}
