// The whole domain's tables, one file per capability (docs/architecture.md). Money is integer cents.
export * from './accounts';
export * from './content';
export * from './ledger';
export * from './payments';
export * from './platform';
export * from './deposits';
export * from './receipts';
export * from './monthly';
export * from './accounting';
export * from './donors';
export * from './corrections';
export * from './sponsorship';
export * from './letters';
export * from './birthday-gifts';
export * from './progress-reports';
export * from './imports';
