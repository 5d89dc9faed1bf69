"use client";

import { type ReactNode, Suspense } from "react";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * One card of the Overview. Its body is a Suspense boundary of its own although nothing in it
 * suspends: React then hydrates the server-rendered sections one task each, yielding to the
 * browser between them, instead of one long task over every chart and table, which is what
 * Lighthouse counts as blocking time (docs/performance.md, "Pages: first-load JavaScript").
 */
export function OverviewSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardBody>
        <Suspense fallback={null}>{children}</Suspense>
      </CardBody>
    </Card>
  );
}
