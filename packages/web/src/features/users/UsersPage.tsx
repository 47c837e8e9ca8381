// Placeholder for user management: the layout already shows the route's French title; the page itself lands with
// later work (replace this file, keep the default export). Nothing here pretends to work.
export default function UsersPage() {
  return null;
}
