/** Sends one text message. Throws when the gateway refuses or cannot be reached. */
export type SmsAdapter = {
  send(message: { phone: string; text: string; code?: string }): Promise<void>;
};
