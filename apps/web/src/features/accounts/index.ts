// The accounts feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { getMeQueryOptions, useMe } from './api/get-me';
export { useLogout } from './api/logout';
export { AccountPage } from './components/account-page';
export { InvitePage } from './components/invite-page';
export { LoginForm } from './components/login-form';
export { nextPath } from './components/next-path';
