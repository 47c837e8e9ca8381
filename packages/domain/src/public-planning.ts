// GET /api/public/planning (issue 11): what the public planning widget reads, shared by the server that answers
// it and the widget page that shows it. Never a passenger's or a pilot's personal data.

export type PublicFlight = {
  id: number;
  scheduled_date: string;
  /** HH:mm */
  scheduled_time: string;
  location: { id: number; label: string } | null;
  prestation: { id: number; label: string } | null;
  /** Seats left; null when unknown (no balloon yet) or hidden by the widget settings. */
  seats_left: number | null;
  is_full: boolean;
};

export type PublicPlanning = {
  from: string;
  to: string;
  location: { id: number; label: string } | null;
  show: { location: boolean; prestation: boolean; availability: boolean };
  flights: PublicFlight[];
  is_truncated: boolean;
};
