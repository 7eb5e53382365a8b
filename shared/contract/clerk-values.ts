/**
 * Values of the clerk's bridge methods: the local "reviewed" marks on returns (the API cannot
 * move a return through its lifecycle, so what a clerk has looked at is kept per connection
 * in the main process), and the person-facing side of files the console writes (where they
 * go, a folder picker, showing them).
 */

/** A return marked reviewed on this connection: who, when and a note. */
export interface ReturnReview {
  returnId: number;
  /** The RMA number when it was marked, to name it in lists and to join a CSV by it. */
  rmaNumber: string | null;
  /** ISO 8601 instant. */
  reviewedAt: string;
  reviewedBy: string;
  note: string;
}

export interface ReturnReviewsView {
  reviews: ReturnReview[];
}

/** Which returns the worklist keeps by their local mark ('any' asks the API alone). */
export type ReviewFilter = 'any' | 'reviewed' | 'unreviewed';

/** A folder browser mode may write to: one of a few roots in the user's home. */
export interface FolderRoot {
  id: 'documents' | 'downloads' | 'config';
  /** "Documents". */
  label: string;
  /** Where it is, to show. */
  path: string;
}

/** Where the console writes files and what this host can do with them. */
export interface FilesInfo {
  /** The default export folder (created on the first export when missing). */
  exportDir: string;
  /** Where Save to folder writes now (the setting, or its default). */
  printFolder: string;
  /** A native folder picker exists (the desktop app); browser mode chooses among `roots`. */
  canPickFolder: boolean;
  /** "Open folder" / "Show file" work here (the desktop app's file manager). */
  canReveal: boolean;
  /** Files written this run can be downloaded through the page (browser mode). */
  canDownload: boolean;
  /** The folders browser mode offers (folderChoose); a subfolder may be made inside one. */
  roots: FolderRoot[];
}

export interface FolderChoice {
  /** The folder chosen, to show; null when the person cancelled. */
  path: string | null;
  /** What the renderer passes back (settings, exports): the main process keeps the path. */
  choiceId?: string;
}

/** A one-time download address on the console's own host (browser mode). */
export interface SavedFileLink {
  /** Relative to the console's page: `/files/<one-time id>`. */
  url: string;
  fileName: string;
}
