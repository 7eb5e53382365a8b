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

/** Where the console writes files and what this host can do with them. */
export interface FilesInfo {
  /** The default export folder (created on the first export when missing). */
  exportDir: string;
  /** A native folder picker exists (the desktop app); browser mode downloads instead. */
  canPickFolder: boolean;
  /** "Open folder" / "Show file" work here (the desktop app's file manager). */
  canReveal: boolean;
  /** Files written this run can be downloaded through the page (browser mode). */
  canDownload: boolean;
}

export interface FolderChoice {
  /** The folder chosen, or null when the person cancelled. */
  path: string | null;
}
