/** The sign-in and sign-up screens, downloaded together: one person moves between them in one visit. */
export { ForgotPasswordRoute } from './forgot-password.tsx';
export { LoginRoute } from './login.tsx';
export { RegisterRoute } from './register.tsx';
export { ResetPasswordRoute } from './reset-password.tsx';
export { VerifyEmailRoute } from './verify-email.tsx';
