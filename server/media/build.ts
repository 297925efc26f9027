// Placeholder entry of the image pipeline build step: renders content images into build/media.
// (The responsive pipeline replaces this file.)
console.log('images: nothing to build yet');
