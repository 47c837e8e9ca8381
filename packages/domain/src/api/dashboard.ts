// The dashboard's contract: GET answers the Dashboard (../dashboard.ts).

export const DASHBOARD_PATH = '/api/dashboard';
