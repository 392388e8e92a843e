// How a message names its people: "From Ann", "To Ann", "To Editors" for one sent to a role.
import type { MessageItem } from '../../kernel/notify/names';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A role's name for people ("Editors"), or the role itself when it has no translation. */
export const roleLabel = (role: string, translate: Translate) => translate(`app.notices.roles.${role}`, { _: role });

export function messageByline(item: MessageItem, translate: Translate): string {
  if (!item.sent) return translate('app.notices.from', { name: item.sender_name || item.sender });
  const name = item.to_role ? roleLabel(item.to_role, translate) : item.recipient_name || item.recipient;
  return translate('app.notices.to', { name });
}
