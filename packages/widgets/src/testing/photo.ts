/** A small portrait as an inline SVG, so stories and screenshots need no network. */
export const PHOTO_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#c9d6fb"/>' +
    '<circle cx="48" cy="38" r="18" fill="#2456e3"/><path d="M14 96c4-22 18-32 34-32s30 10 34 32z" fill="#2456e3"/></svg>',
)}`;
