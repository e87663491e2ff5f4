/**
 * The four legal pages, one chunk of the build: they are small, share their document layout and
 * link to each other, so a visit to one costs one request.
 */
export { AccessibilityPage } from './accessibility-page';
export { CouncilInfoPage } from './council-info-page';
export { LegalNoticePage } from './legal-notice-page';
export { PrivacyPage } from './privacy-page';
