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
