export const deliveryHref = (id: string) => `/developers/webhooks/deliveries/${encodeURIComponent(id)}`;
export const webhookHref = (id: string) => `/developers/webhooks/${encodeURIComponent(id)}`;
