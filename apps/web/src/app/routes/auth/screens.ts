// The sign-in flow's screens travel together: moving from one to the next (log in, forgot password,
// the code, a new password, sign-up) never waits for code while the previous form is still on screen,
// where what someone types would be lost when the next screen arrives.
export { AuthRouteLayout } from './auth-route-layout';
export { LoginPage } from './login';
export { RegisterPage } from './register';
export { RegisterOptionPage } from './register-option';
export { RegisterOrgPage } from './register-org';
export { ResetPasswordPage } from './reset-password';
export { ResetPasswordRequestPage } from './reset-password-request';
export { VerifyCodePage } from './verify-code';
