/** Share's view: the share popup. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { SharePopup } from './view/share-popup';
