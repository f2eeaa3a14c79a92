import { z } from 'zod';
import { categories } from './categories.ts';
import { isCountryCode } from './countries.ts';
import { isReservedHandle } from './reserved-handles.ts';
import { requiredText } from './required-text.ts';

/** accounts.md §5 and §8, word for word (spelling slips fixed as DESIGN.md says). */
export const accountMessages = {
  usernameRequired: 'Please enter a username.',
  usernameInvalid: 'Invalid username. Only letters, numbers, hyphens, and underscores allowed.',
  usernameInvalidProfile: 'Invalid username. Only letters, numbers, hyphens, and underscores are allowed.',
  usernameTooLong: 'Username cannot exceed 30 characters.',
  usernameTaken: 'Username is taken.',
  usernameAvailable: 'Username is available.',
  /** A first path segment of the app's or the server's (reserved-handles.ts). */
  usernameReserved: 'This handle is reserved.',
  serverErrorTryLater: 'Server error. Try later.',
  fillAllFields: 'Please fill all the fields.',
  invalidEmailAddress: 'Invalid email address.',
  emailTaken: 'This email is already registered.',
  passwordsDoNotMatch: 'Passwords do not match.',
  /** A registration's country that is no ISO 3166-1 code (the app sends only known ones). */
  unknownCountry: 'Unknown country.',
  passwordTooShort: 'Password must be at least 8 characters.',
  phoneRequired: 'Please fill the phone number.',
  termsRequired: 'Please confirm you agree to the Terms & Conditions to continue.',
  preferenceRequired: 'Please choose at least one category.',
  networkError: 'Network error. Try later.',
  registered: 'Account created. Check your inbox to verify your email.',
  verificationEmailSent: 'If an account with this email is waiting for verification, we sent a new link.',
  emailVerified: 'Your email is verified.',
  invalidOrExpiredLink: 'This link is invalid or has expired.',
  loginFillAll: 'Please fill in all fields.',
  loginNoSpaces: 'Email cannot contain spaces.',
  invalidCredentials: 'Invalid credentials',
  accountBanned: 'This account is banned. If you think this is a mistake, write to support.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'Logged out.',
  unauthenticated: 'Please sign in to continue.',
  descriptionTooLong: 'Description cannot exceed 200 characters.',
  passwordFieldsRequired: 'All fields are required.',
  passwordsMustMatch: 'Passwords must match',
  newPasswordTooShort: 'New password must be at least 8 characters long.',
  forgotEmailRequired: 'Please fill in the email.',
  forgotSent: 'Email sent, check your inbox to change the password.',
  passwordReset: 'Your password has been changed. You can sign in now.',
  somethingWrong: 'Something went wrong, try again later.',
  detailsUpdated: 'User details updated',
  sexChanged: 'Sex changed',
  passwordChanged: 'Password changed successfully',
  colorChanged: 'Profile image updated successfully',
  colorFailed: 'Error changing the color, try again later',
  invalidColor: 'Please choose a valid color.',
  nameRequired: 'Please enter your name.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** The same for an address with no account (SECURITY.md): the answer tells nobody whether it exists. */
  signInLocked: 'Too many failed sign-ins with this email. Please wait a few minutes and try again, or reset your password.',
  currentPasswordWrong: 'Current password is incorrect.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 80;
export const IMAGE_MAX_BYTES = 16 * 1024 * 1024;
export const RESEND_EMAIL_COUNTDOWN_SECONDS = 60;

/** accounts.md §5: letters, digits, hyphen, underscore. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Characters the username field rejects as they are typed. */
export const USERNAME_REJECTED_CHARACTERS = /[^A-Za-z0-9_-]/g;
/** accounts.md §5: "a simple address pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const accountTypes = ['user', 'model', 'channel'] as const;
export type AccountType = (typeof accountTypes)[number];
export const registrationTypes = ['user', 'model'] as const;
export type RegistrationType = (typeof registrationTypes)[number];
export const genders = categories;
export const verificationStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
/** channel-color choices offered by the settings screen (hex). */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const usernameSchema = z
  .string(accountMessages.usernameRequired)
  .trim()
  .min(1, accountMessages.usernameRequired)
  .max(USERNAME_MAX_LENGTH, accountMessages.usernameTooLong)
  .regex(USERNAME_PATTERN, accountMessages.usernameInvalid)
  .refine((value) => !isReservedHandle(value), accountMessages.usernameReserved);

export const emailSchema = z
  .string(accountMessages.fillAllFields)
  .trim()
  .min(1, accountMessages.fillAllFields)
  .max(254, accountMessages.invalidEmailAddress)
  .regex(EMAIL_PATTERN, accountMessages.invalidEmailAddress);

export const checkUsernameRequestSchema = z.object({ username: usernameSchema });
export const checkUsernameResponseSchema = z.object({ available: z.boolean(), message: z.string() });

export const registerRequestSchema = z
  .object({
    type: z.enum(registrationTypes, 'Please choose an account type.'),
    name: requiredText(accountMessages.fillAllFields, NAME_MAX_LENGTH),
    username: usernameSchema.optional(),
    email: emailSchema,
    password: z.string(accountMessages.fillAllFields).min(1, accountMessages.fillAllFields).max(PASSWORD_MAX_LENGTH),
    password_confirmation: z.string(accountMessages.fillAllFields).min(1, accountMessages.fillAllFields),
    gender: z.enum(categories).default('f'),
    preference: z.array(z.enum(categories)).min(1, accountMessages.preferenceRequired).default(['f', 'c']),
    /** accounts.md §3: where the person is from, an ISO 3166-1 alpha-2 code (the app sends the region of the browser's language). */
    country: z.string().trim().toUpperCase().refine(isCountryCode, accountMessages.unknownCountry).optional(),
    phone_number: z.string().trim().max(32).optional(),
    terms: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: accountMessages.passwordsDoNotMatch });
    }
    if (value.password.length > 0 && value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: accountMessages.passwordTooShort });
    }
    if (value.type === 'model') {
      if (!value.username) ctx.addIssue({ code: 'custom', path: ['username'], message: accountMessages.usernameRequired });
      if (!value.phone_number || value.phone_number.length <= 3) {
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message: accountMessages.phoneRequired });
      }
      if (value.terms !== true) ctx.addIssue({ code: 'custom', path: ['terms'], message: accountMessages.termsRequired });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const authUserRefSchema = z.object({ id: z.number(), type: z.enum(accountTypes) });

export const registerResponseSchema = z.object({ message: z.string(), user: authUserRefSchema });

export const emailRequestSchema = z.object({
  email: z
    .string(accountMessages.forgotEmailRequired)
    .trim()
    .min(1, accountMessages.forgotEmailRequired)
    .max(254, accountMessages.invalidEmailAddress)
    .regex(EMAIL_PATTERN, accountMessages.invalidEmailAddress),
});

export const tokenRequestSchema = z.object({ token: z.string().trim().min(10).max(200) });

export const loginRequestSchema = z.object({
  email: z
    .string(accountMessages.loginFillAll)
    .trim()
    .min(1, accountMessages.loginFillAll)
    .max(254, accountMessages.invalidCredentials)
    .refine((v) => !/\s/.test(v), accountMessages.loginNoSpaces),
  password: z.string(accountMessages.loginFillAll).min(1, accountMessages.loginFillAll).max(PASSWORD_MAX_LENGTH),
  remember_me: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  user: authUserRefSchema,
  message: z.string(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** The signed-in account, as GET /v1/profile returns it. */
export const profileUserSchema = z.object({
  id: z.number(),
  type: z.enum(accountTypes),
  name: z.string(),
  username: z.string().nullable(),
  slug: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  gender: z.enum(categories),
  preference: z.array(z.enum(categories)),
  phone_number: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  country: z.string().nullable(),
  isVerified: z.enum(verificationStatuses),
  isAdmin: z.boolean(),
  /** The studio this account runs as a manager (its console is /studio), or null; GET /v1/profile only. */
  managesStudio: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const profileResponseSchema = z.object({ user: profileUserSchema });
export const profileUpdateResponseSchema = z.object({ message: z.string(), user: profileUserSchema });

/** POST /v1/profile bodies (accounts.md §7): one of these at a time. */
export const profileDetailsSchema = z.object({
  name: requiredText(accountMessages.nameRequired, NAME_MAX_LENGTH),
  username: z.string().trim().max(USERNAME_MAX_LENGTH, accountMessages.usernameTooLong).regex(USERNAME_PATTERN, accountMessages.usernameInvalidProfile).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, accountMessages.descriptionTooLong).optional(),
  phone_number: z
    .string()
    .trim()
    .max(32)
    .refine((v) => v === '' || v.length > 3, accountMessages.phoneRequired)
    .optional(),
});
export const profileGenderSchema = z.object({ gender: z.enum(categories, 'Please choose one.') });
/** accounts.md §5 "Password change": the new password and its confirmation, shared with the reset. */
const newPasswordFields = {
  password: z.string(accountMessages.passwordFieldsRequired).min(1, accountMessages.passwordFieldsRequired).max(PASSWORD_MAX_LENGTH),
  password_confirmation: z.string(accountMessages.passwordFieldsRequired).min(1, accountMessages.passwordFieldsRequired),
};
const checkNewPassword = (value: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: accountMessages.passwordsMustMatch });
  } else if (value.password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: accountMessages.newPasswordTooShort });
  }
};

export const profilePasswordSchema = z
  .object({
    current_password: z.string(accountMessages.passwordFieldsRequired).min(1, accountMessages.passwordFieldsRequired).max(PASSWORD_MAX_LENGTH),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);
export const profileColorSchema = z.object({ color: z.string().regex(COLOR_PATTERN, accountMessages.invalidColor) });
export const profilePreferenceSchema = z.object({
  preference: z.array(z.enum(categories)).min(1, accountMessages.preferenceRequired),
});

export const resetPasswordRequestSchema = z.object({ token: z.string().trim().min(10).max(200), ...newPasswordFields }).superRefine(checkNewPassword);
