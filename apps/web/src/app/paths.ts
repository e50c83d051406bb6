// The route table lives in lib/ so that features (which may not import app/) can link with it.
export { paths, donationDetailPath, type AppPath } from '@/lib/paths';
