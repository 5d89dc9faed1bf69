"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { errorText } from "./error-text";
import type { CreateFirstCardAction } from "./types";

/** The first virtual card; once it exists the page moves on to the PIN. */
export function FirstCardStep({ create }: { create: CreateFirstCardAction }) {
  const router = useRouter();
  const action = useAction(create);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  async function onCreate() {
    setError(undefined);
    const res = await action.run({});
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    setDone(true);
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Everything is in place. Create your virtual card: you can use it online right away.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">Your card is ready.</Alert> : null}
      <Button onClick={onCreate} disabled={action.pending || done}>
        Create my card
      </Button>
    </div>
  );
}
