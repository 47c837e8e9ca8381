// Issue 27: what a realized flight still lets the pilot complete after landing (the flight record), and the
// texts of the realization's rules. The server refuses the other fields of a realized flight (422), the web app's
// 'Compte rendu du vol' dialog offers these only; notes stay open as on every flight.

/** Fields a realized flight still accepts through PUT /api/flights/{id}, besides its status. */
export const FLIGHT_RECORD_FIELDS = [
  'takeoff_time',
  'landing_time',
  'takeoff_temperature',
  'flight_max_altitude',
  // Issue 30: the logbook's after-flight fields, and the fuel loaded (noted after the flight when it was not before).
  'landing_place',
  'remarks',
  'incidents',
  'fuel_loaded',
] as const;

export const FLIGHT_RECORD_MESSAGES = {
  /** 422 message of a PUT that changes anything else on a realized flight. */
  locked:
    'Ce vol est réalisé : seuls son compte rendu (heures de décollage et d’atterrissage, température au décollage, altitude maximale, lieu d’atterrissage, remarques, incidents, carburant embarqué), son statut et ses notes peuvent encore changer.',
  /** The error under each refused field. */
  lockedField: 'Ce vol est réalisé : ce champ ne peut plus être modifié.',
  recordTitle: 'Compte rendu du vol',
  recordUpdateFailed: 'La modification du compte rendu du vol a échoué',
} as const;

/** The status dialog's warning when 'Réalisé' is chosen before the flight's date and time (a warning, not a refusal). */
export function realizedEarlyWarning(date: string, time: string): string {
  const [year, month, day] = date.split('-');
  return `Ce vol est prévu le ${day}/${month}/${year} à ${time.slice(0, 5)} : il n’a pas encore eu lieu. Vérifiez qu’il a bien volé avant de le passer en « Réalisé ».`;
}

/**
 * Whether the flight's scheduled day and time (the operator's local time) are still ahead of `now`: `now` is read in
 * the local time of the runtime, which for the web app is the office's.
 */
export function isBeforeSchedule(date: string, time: string, now: Date = new Date()): boolean {
  const two = (n: number) => String(n).padStart(2, '0');
  const local = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T${two(now.getHours())}:${two(now.getMinutes())}`;
  return `${date}T${time.slice(0, 5)}` > local;
}
