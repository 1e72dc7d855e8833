// Which project runs a test, by its tags (decision 027): every test runs at 1280 px but those
// tagged @phone-only; tests tagged @mobile run at 390 px as well.
export const DESKTOP_SKIPS = /@phone-only/;
export const MOBILE_RUNS = /@mobile/;
