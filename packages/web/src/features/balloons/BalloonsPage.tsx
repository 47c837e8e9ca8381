// Placeholder for the balloon list: the layout already shows the route's French title; the page itself lands with
// later work (replace this file, keep the default export). Nothing here pretends to work.
export default function BalloonsPage() {
  return null;
}
