/** The account screen and its settings, downloaded together (the verification form stays apart: it is large). */
export { AccountRoute } from './account.tsx';
export { AccountHelpRoute } from './account-help.tsx';
export { AccountChannelColorRoute } from './account-channel-color.tsx';
export { AccountDetailsRoute } from './account-details.tsx';
export { AccountGenderRoute } from './account-gender.tsx';
export { AccountGeoBlockingRoute } from './account-geo-blocking.tsx';
export { AccountPasswordRoute } from './account-password.tsx';
export { AccountSettingsRoute } from './account-settings.tsx';
export { AccountStudioRoute, StudioConsoleRoute } from './account-studio.tsx';
export { AccountDataExportRoute, AccountDeleteRoute } from './personal-data.tsx';
export { AccountFollowingRoute } from './account-following.tsx';
