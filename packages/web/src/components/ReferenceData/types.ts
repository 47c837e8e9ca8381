import type { OrderItem, SavableEntity, SessionSettings } from '@app/domain';
import type { Entity } from '../../api/entities';
import type { FilterDefinition, OptionLoader } from '../../lib/list-state';
import type { DataColumn, Flag } from '..';

// One declarative definition per reference entity (its fields, list and dialog) drives the
// generic list page (ReferenceListPage) and the generic create/edit dialog (ReferenceFormDialog). Each entity's
// definition lives in its own folder (features/balloons/balloons.config.tsx...).

/** Visibility rules read the session's settings (GET /api/me). */
export type VisibilityRule = (settings: SessionSettings) => boolean;

type FieldBase = {
  /** The payload field. */
  name: string;
  /** French label, as the user reads it. */
  label: string;
  /** Checked by the browser (required attribute) before anything is sent. */
  isRequired?: boolean;
  /** Absent: always shown. A hidden field is neither shown nor sent, so the stored value stays as it is. */
  isVisible?: VisibilityRule;
  description?: string;
  /** Takes the whole width of the two-column grid. */
  isWide?: boolean;
};

export type FormField = FieldBase &
  (
    | { kind: 'text'; maxLength?: number; autoComplete?: string }
    /** type=email: the browser checks the address. */
    | { kind: 'email' }
    /** type=tel, spaced in pairs as typed. */
    | { kind: 'phone' }
    /** A native number input, so min and step are the browser's checks too; the unit goes in the label. */
    | { kind: 'number'; min?: number; max?: number /** @default 'any' */; step?: number | 'any' }
    /** A switch storing 1 or 0. */
    | { kind: 'switch'; defaultValue?: Flag }
    | { kind: 'textarea' }
    /** A calendar date (YYYY-MM-DD), the browser's own date input. */
    | { kind: 'date' }
    /** A time of day (HH:mm), the browser's own time input; dialogs append the seconds. */
    | { kind: 'time' }
    /**
     * A choice among the records of another endpoint; sends the id (a number), or the chosen value as text with
     * `isTextValue` (a ticket template base's slug), or null when cleared.
     */
    | { kind: 'select'; options: OptionLoader; loadFailedMessage: string; isTextValue?: boolean }
    /** Several records of another endpoint (a template's prestations); sends their ids. */
    | { kind: 'multiselect'; options: OptionLoader; loadFailedMessage: string }
  );

export type FormSection = { title?: string; fields: FormField[] };

/** A column, shown only where its rule allows (e.g. the restrictive flag only with planning widgets). */
export type ReferenceColumn<T> = DataColumn<T> & { isVisible?: VisibilityRule };
export type ReferenceFilter = FilterDefinition & { isVisible?: VisibilityRule };

export type ReferenceRecord = { id: number } & Record<string, unknown>;

export type ReferenceEntityConfig<T extends ReferenceRecord = ReferenceRecord> = {
  /** Names the create/modify failure messages (domain createFailedMessage/updateFailedMessage). */
  entity: SavableEntity;
  /** The entity read and written, named like its API path (e.g. 'balloons'). */
  resource: Entity;
  /** Remembers the list order in localStorage. */
  storageKey: string;
  labels: {
    /** Accessible name of the table, e.g. 'Ballons'. */
    plural: string;
    /** The toolbar button, e.g. 'Ajouter un ballon'. */
    add: string;
    /** Dialog titles, e.g. 'Nouveau ballon' / 'Modifier le ballon'. */
    createTitle: string;
    editTitle: string;
  };
  /** What the record is called in buttons and confirmations, e.g. its label or full name. */
  nameOf: (row: T) => string;
  /** The deletion confirmation's message, e.g. 'Le ballon « F-HBAL » sera supprimé.' */
  deleteMessage: (row: T) => string;
  columns: ReferenceColumn<T>[];
  filters?: ReferenceFilter[];
  /** Shows the search box (the resource's declared search fields, 3 characters at least). */
  searchPlaceholder?: string;
  /** Default orders (prestations and passenger types by label, teammates by last then first name). */
  defaultOrder: OrderItem[];
  embed?: string[];
  sections: FormSection[];
  /** A row leading to its own page (balloon summary); otherwise a click on the row opens the edit dialog. */
  getRowHref?: (row: T) => string;
};
