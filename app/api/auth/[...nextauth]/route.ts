import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth";

/** next-auth's endpoints (/api/auth/*): server/main.ts routes these to Next, not to the REST API. */
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
