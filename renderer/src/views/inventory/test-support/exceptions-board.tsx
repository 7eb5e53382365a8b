/**
 * The exceptions board as its tests open it: the view rendered on a stub bridge whose settings
 * hold the 14-day horizon the board's fixtures are counted for, and one cell of the board read
 * by its `measure@location` name. Shared by the board's tests and the kept board's.
 */
import {
  renderWith,
  type StubAnswers,
  type StubClient,
  stubClient,
} from '../../../test-support/stub-bridge';
import { ExceptionsView } from '../exceptions-view';

/** Renders the board on `answers`, with a 14-day horizon in the settings; returns the client. */
export function renderBoard(answers: StubAnswers): StubClient {
  const client = stubClient(answers, { inventory: { boardDays: 14 } });
  renderWith(client, <ExceptionsView />);
  return client;
}

/** One count of the board, `measure@locationId` (`mandatory@1`), or null while not painted. */
export const cell = (name: string) =>
  document.querySelector(`[data-board-cell="${name}"]`) as HTMLElement | null;
