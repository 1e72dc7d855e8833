// The texts of the e-mails the portal sends. Plain text: readable in every client, nothing to render.

export function setPasswordMail(associationName: string, link: string) {
  return {
    subject: `Welcome to ${associationName}: set your password`,
    text: `Welcome to the ${associationName} Portal!\n\nYour account has been created. Set your password with this link (valid for 72 hours):\n\n${link}\n\nThen log in with your matric number.\n\nIf you did not sign up, you can ignore this e-mail.`,
  };
}

export function resetPasswordMail(associationName: string, link: string) {
  return {
    subject: `${associationName} Portal: reset your password`,
    text: `Someone asked to reset the password of your ${associationName} Portal account.\n\nReset it with this link (valid for 1 hour):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  };
}

// The second factor's notices to its owner: what happened and when, what to do if it was not
// them. Never a secret, a code or a link that acts: only the portal's address.
const notSignedOff = (associationName: string, publicUrl: string) =>
  `If this was not you, someone else may know your password: reset it now at ${publicUrl}/forgot-password and tell a super admin of the ${associationName} Portal.`;

export function secondFactorOnMail(associationName: string, publicUrl: string) {
  return {
    subject: `${associationName} Portal: two-factor authentication is on`,
    text: `Two-factor authentication was turned on for your ${associationName} Portal account. Signing in now asks for a code from your authenticator app after your password, and every other session of your account has ended.\n\n${notSignedOff(associationName, publicUrl)}`,
  };
}

export function secondFactorOffMail(associationName: string, publicUrl: string) {
  return {
    subject: `${associationName} Portal: two-factor authentication is off`,
    text: `Two-factor authentication was turned off for your ${associationName} Portal account. Signing in now asks for your password alone, and your recovery codes no longer work.\n\n${notSignedOff(associationName, publicUrl)}`,
  };
}

export function recoveryCodeUsedMail(associationName: string, publicUrl: string, remaining: number) {
  return {
    subject: `${associationName} Portal: a recovery code was used`,
    text: `One of the recovery codes of your ${associationName} Portal account was just used in place of a code from your authenticator app. It no longer works; ${remaining} of them are left. You can make new ones in Settings, under Two-factor authentication.\n\n${notSignedOff(associationName, publicUrl)}`,
  };
}

/** `by` names who reset it: "a super admin" from the Super Admin screen, or "the server's operator" (create-admin). */
export function secondFactorResetMail(associationName: string, publicUrl: string, by: string) {
  return {
    subject: `${associationName} Portal: your two-factor authentication was reset`,
    text: `${by[0]!.toUpperCase()}${by.slice(1)} reset the two-factor authentication of your ${associationName} Portal account. Your authenticator app's codes and your recovery codes no longer work, and every session of your account has ended. Sign in with your password at ${publicUrl}/login and set it up again in Settings, under Two-factor authentication.\n\nIf you did not ask for this, tell the association's super admins at once.`,
  };
}

/** The newsletter's double opt-in: nothing but this link goes to an address until its owner follows it. */
export function newsletterConfirmMail(associationName: string, link: string, days: number) {
  return {
    subject: `${associationName}: confirm your newsletter subscription`,
    text: `Someone, probably you, asked to get the ${associationName} newsletter at this address.\n\nConfirm it with this link (valid for ${days} days):\n\n${link}\n\nIf it was not you, ignore this e-mail: without the confirmation this address gets nothing from us.`,
  };
}
