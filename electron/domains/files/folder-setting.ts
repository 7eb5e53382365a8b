/**
 * settingsUpdate with Save to folder's folder given as a folder choice's id (folderPick,
 * folderChoose): the id is turned into the folder this process handed out before the patch
 * is applied, so the settings file only ever holds a folder the person chose; an id this
 * process did not hand out is refused as invalid arguments and nothing changes (issue 31).
 */

import type { FolderChoices } from '../../kernel/folder-choices';
import type { Handler } from '../../kernel/handler-types';

export function withFolderChoice(
  update: Handler<'settingsUpdate'>,
  choices: FolderChoices,
): Handler<'settingsUpdate'> {
  return async (args, ctx) => {
    const folder = args.patch.printing?.folder;
    if (typeof folder !== 'string') return update(args, ctx);
    const path = await choices.resolve(folder);
    return update(
      { ...args, patch: { ...args.patch, printing: { ...args.patch.printing, folder: path } } },
      ctx,
    );
  };
}
