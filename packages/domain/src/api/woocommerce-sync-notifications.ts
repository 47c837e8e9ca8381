// The shop-sync notifications' contract: each push of a shop booking's completion or cancellation to its order.

export const WOOCOMMERCE_SYNC_NOTIFICATIONS_PATH = '/api/woocommerce-sync-notifications';

export type ShopSyncNotification = {
  id: number;
  booking_id: number;
  status: string;
  message: string | null;
  is_success: number;
  created_at: string;
};
