// The catalog routes this server does not serve yet (none today). The one list: createApp refuses
// to start when a catalog route is neither mounted nor named here (or is both), and GET /health
// reports it as `routes_not_served`.

export const UNSERVED_ROUTES: readonly string[] = [];
