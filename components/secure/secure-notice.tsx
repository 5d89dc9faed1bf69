import { Clock } from "lucide-react";

/** What the page shows when its link cannot be used (expired, already opened, card closed). */
export function SecureNotice({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className={
        "flex flex-1 flex-col items-center justify-center gap-3 " +
        "rounded-(--svc-radius) bg-(--svc-panel) p-6 text-center"
      }
    >
      <Clock className="size-8 text-(--svc-muted)" aria-hidden />
      <h1 className="text-base font-semibold">{title}</h1>
      <p className="text-(--svc-muted)">{message}</p>
    </div>
  );
}
