/**
 * The splash shows once per app start, when the app opens at '/'. After it has run, '/' is
 * the login screen, as the spec's route list says.
 */
let splashDone = false;

export const isSplashDone = () => splashDone;
export const markSplashDone = () => {
  splashDone = true;
};
