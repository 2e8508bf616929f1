// The subscriptions feature's public face: what the routes may use.
export { BillingAdminView } from './components/billing-admin-view';
export { CheckoutView } from './components/checkout-view';
export { MyPlanView } from './components/my-plan-view';
export { SelectPlanView } from './components/select-plan-view';
