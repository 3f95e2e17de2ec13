/**
 * What a listing says its item comes with: from "with", "w/", "including" or "includes" to the next comma, semicolon or
 * bracket ("… Case with Sport Band, Fitness Tracker" is a fitness tracker again after the comma).
 */
const COMES_WITH = /(?:^|\s)(?:with|w\/|incl(?:uding|udes)?)\s[^,;()[\]]*/g;

/** A listing's title without what it says its item comes with: "Smart TV with Wall Mount Kit" sells no mount. */
export const withoutWhatComesWith = (title: string): string => title.replace(COMES_WITH, ' ');
