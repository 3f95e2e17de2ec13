/**
 * What a listing says its item comes with: from "with", "w/", "including" or "includes" to the next comma, semicolon or
 * bracket ("… Case with Sport Band, Fitness Tracker" is a fitness tracker again after the comma).
 */
const COMES_WITH = /(?:^|\s)(?:with|w\/|incl(?:uding|udes)?)\s[^,;()[\]]*/g;

/** Words that say how an item works and name no item: a "Webcam, Plug and Play" is no plug. */
const HOW_IT_WORKS = /(?<![\p{L}\p{N}])plug[\s-]*(?:and|&|n)[\s-]*play(?![\p{L}\p{N}])/giu;

/**
 * A listing's title without what it says its item comes with or how it works: "Smart TV with Wall Mount Kit" sells no
 * mount, "Brio 4K Webcam, Plug and Play" no plug.
 */
export const withoutWhatComesWith = (title: string): string => title.replace(COMES_WITH, ' ').replace(HOW_IT_WORKS, ' ');
