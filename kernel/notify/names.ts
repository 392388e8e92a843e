// The names the console and the server share for messages and notifications.

/** The resources (schemas/message.json, schemas/notification.json) that keep them. */
export const MESSAGE = 'message';
export const NOTIFICATION = 'notification';

/** The calls, under /dev-api. */
export const NOTICE_PATHS = {
  messageList: '/message/list',
  messageSend: '/message/send',
  messageRead: '/message/read',
  messageDel: '/message/del',
  notificationList: '/notification/list',
  notificationRead: '/notification/read',
  notificationDel: '/notification/del',
  unread: '/notification/unread',
  stream: '/notification/stream',
} as const;

/** The pages (a route's `component`) of the two screens. */
export const MESSAGE_PAGE = 'messages';
export const NOTIFICATION_PAGE = 'notifications';

/** The longest title and text of a message, as the schema says. */
export const MAX_MESSAGE_TITLE = 100;
export const MAX_MESSAGE_CONTENT = 2000;
/** The largest page of a box. */
export const MAX_NOTICE_LIMIT = 100;

/** What a box answers per item: a message as its reader sees it. */
export interface MessageItem {
  id: number;
  title: string;
  content: string;
  read: boolean;
  /** Whether I sent it (the out box) rather than received it. */
  sent: boolean;
  sender: string;
  sender_name: string;
  recipient: string;
  recipient_name: string;
  to_role?: string;
  created_at: string;
}

/** A notification as its reader sees it: title and text in their language. */
export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  text: string;
  link?: string;
  /** A digest's lines (the instruments that fell due), each with its own link. */
  lines?: { text: string; link?: string }[];
  read: boolean;
  created_at: string;
}

/** What the stream's events and GET /notification/unread carry. */
export interface UnreadCount {
  count: number;
  messages: number;
  notifications: number;
}
