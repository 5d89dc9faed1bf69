/**
 * Operational events: news about the webhooks themselves (docs/webhooks.md, Operational events).
 * Delivered like any event to the subscriptions that take them (a disabled subscription receives
 * nothing, so its own webhook.disabled goes to the others, and to the admins by e-mail).
 */
export const WEBHOOK_OPERATIONAL_EVENT_TYPES = [
  {
    type: "webhook.disabled",
    description:
      "A subscription was disabled: cause `failures` after 100 deliveries in a row failed for good " +
      "(the program's admins are e-mailed too), or `user` when disabled by hand (PUT enabled: false).",
    example: {
      webhook_id: "whk_3Zx8",
      url: "https://example.com/hooks",
      cause: "failures",
      reason: "Disabled after 100 consecutive failed deliveries; last error: HTTP 503.",
      consecutive_failures: 100,
    },
  },
  {
    type: "webhook.delivery.exhausted",
    description:
      "A delivery ran out of attempts (7 on the automatic schedule) and will not be retried; the " +
      "admins are e-mailed at the first of a run of them. Not raised for a delivery of this type itself.",
    example: {
      webhook_id: "whk_3Zx8",
      delivery_id: "whd_8Lq2",
      event_id: "evt_5Tn1",
      event_type: "card.frozen",
      attempts: 7,
      last_response_status: 503,
      last_error: "HTTP 503",
    },
  },
] as const;
