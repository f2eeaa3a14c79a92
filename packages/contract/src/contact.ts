import { z } from 'zod';

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const EMAIL_MAX_LENGTH = 254;
/** Per client, counted in the database so every API instance shares it. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

export const contactMessages = {
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Please write a message.',
  messageTooLong: `Message cannot exceed ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  sent: 'Thank you, your message has been sent. We will get back to you soon.',
  /** viewer.md §8: shown for any send failure. */
  sendFailed: 'You sent too many messages. Please try again later.',
} as const;

export const contactRequestSchema = z.object({
  email: z
    .string(contactMessages.emailRequired)
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(EMAIL_MAX_LENGTH, contactMessages.emailInvalid)
    .email(contactMessages.emailInvalid),
  message: z.string(contactMessages.messageRequired).trim().min(1, contactMessages.messageRequired).max(CONTACT_MESSAGE_MAX_LENGTH, contactMessages.messageTooLong),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
