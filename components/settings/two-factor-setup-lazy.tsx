"use client";

import dynamic from "next/dynamic";

/**
 * TwoFactorSetup in its own chunk: the dashboard layout shows it only to members who must enrol
 * (docs/team.md), so every other page loads none of it. Still rendered on the server.
 */
export const TwoFactorSetupLazy = dynamic(() => import("./two-factor-setup").then((m) => m.TwoFactorSetup));
