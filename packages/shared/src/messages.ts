// The specification's visible texts, kept in one place so that the server and the screens say the same words.
import { LIMITS } from './constants.ts';

export const MSG = {
  matricRequired: 'Matric number is required',
  passwordRequired: 'Password is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  forgotEmailRequired: 'Please enter your email address',
  resetTokenInvalid: 'Invalid reset token. Please request a new password reset link.',
  resetTokenMissing: 'No reset token found in the URL. Please request a new password reset link.',
  fillAllFields: 'Please fill in all fields',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters long`,
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters long`,
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
  newPasswordsMismatch: 'New passwords do not match',
  newPasswordTooShort: `New password must be at least ${LIMITS.passwordMin} characters long`,
  currentPasswordRequired: 'Current password is required',
  nameRequired: 'Name is required',

  registrationSuccess: 'Registration successful! Please check your email for further instructions.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationUnexpected: 'An unexpected error occurred during registration.',
  loginFailed: 'Login failed. Please try again.',
  loginUnexpected: 'An unexpected error occurred during login.',
  /** The login button while the page waits out a busy server's Retry-After before trying again itself. */
  loginRetryIn: (seconds: number) => `Trying again in ${seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`}...`,
  resetRequestSent: 'If an account with that email exists, a password reset link has been sent.',
  resetRequestFailed: 'An error occurred. Please try again.',
  resetRequestUnexpected: 'An unexpected error occurred. Please try again later.',
  resetConfirmSuccess: 'Password has been reset successfully. You can now log in with your new password.',
  resetConfirmFailed: 'An error occurred while resetting your password.',
  passwordChangeFailed: 'Password change failed',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailedFlash: 'Failed to change password',

  sessionExpired: 'Session expired. Please login again.',
  timeout: 'Request timeout: The server took too long to respond. Please try again later.',
  network: 'Unable to connect to the server. Please check your internet connection and try again.',
  crossOrigin: 'Server connection issue. Please try refreshing the page.',
  unknown: 'Request failed for unknown reason.',
  invalidFormat: 'Invalid response format',

  notFoundPage: 'Oops! Page not found',
  routerError: 'Unexpected Application Error!',
  comingSoon: 'This screen is coming with the next release.',
} as const;

/** Server-side error texts that the specification does not give; written for members, never technical. */
export const SERVER_MSG = {
  invalidCredentials: 'Invalid matric number or password',
  accountLocked: 'Too many failed login attempts for this account. Please try again in 15 minutes.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  emailTaken: 'An account with this email already exists',
  matricTaken: 'An account with this matric number already exists',
  currentPasswordWrong: 'Current password is incorrect',
  tokenExpiredOrUsed: 'This reset token is invalid or has expired. Please request a new password reset link.',
  notAuthenticated: 'Authentication required. Please log in.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  internal: 'Something went wrong on our side. Please try again later.',
  databaseUnavailable: 'The database is temporarily unavailable. Please try again shortly.',
  signInBusy: 'The server is busy signing members in. Please try again shortly.',
} as const;

/** The members directory and the newsletter sign-up (the footer's form). */
export const MEMBERS_MSG = {
  pageInvalid: `Page must be a whole number from 1 to ${LIMITS.membersMaxPage}`,
  limitInvalid: `Limit must be a whole number from 1 to ${LIMITS.membersMaxLimit}`,
  yearInvalid: 'Year must be a four-digit year, for example 2021',
  levelInvalid: 'Level must be 100 Level to 500 Level or Alumni',
  filterTooLong: (label: string) => `${label} is too long (at most ${LIMITS.membersFilterMax} characters)`,
  filterRepeated: (label: string) => `${label} must be given once`,
  noMembers: 'No members found matching your search criteria.',
  /** The same answer whether the address was new, waiting for its confirmation, or already subscribed. */
  newsletterThanks: 'Thank you! To confirm your subscription, follow the link we sent to your e-mail address.',
} as const;

/** Changing the e-mail address: it needs the current password and a link sent to the new address. */
export const EMAIL_CHANGE_MSG = {
  passwordRequired: 'Current password is required to change your email address',
  linkSent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes when you follow it.`,
  confirmed: (email: string) => `Your email address is now ${email}.`,
  tokenInvalid: 'This confirmation link is invalid, has expired or was already used. Please change your email address again in Settings.',
  tokenMissing: 'No confirmation token found in the URL. Please open the link from the email we sent you.',
  confirmFailed: 'Your email address could not be changed.',
} as const;
