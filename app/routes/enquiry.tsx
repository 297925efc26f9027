// POST target of the enquiry form (with and without JavaScript). Implemented by the enquiries work.
export default function Enquiry() {
  return null;
}
