/**
 * The sign-in and sign-up screens, downloaded together: one person moves between them in one visit. The
 * age gate too (ADR 0030): a verified creator passes it by signing in, and it costs the initial JavaScript
 * no route module of its own.
 */
export { AgeCheckRoute } from './age-check.tsx';
export { ForgotPasswordRoute } from './forgot-password.tsx';
export { LoginRoute } from './login.tsx';
export { RegisterRoute } from './register.tsx';
export { ResetPasswordRoute } from './reset-password.tsx';
export { VerifyEmailRoute } from './verify-email.tsx';
