// Placeholder for the remote order import: the layout already shows the route's French title; the page itself lands with
// later work (replace this file, keep the default export). Nothing here pretends to work.
export default function RemoteOrdersPage() {
  return null;
}
