export default {
  genericTitle: 'Error',
  generic: 'An error has occured. Our team has been notified',
  invalidInput: 'This value is not valid.',
  notFound: 'This content does not exist.',
  unauthorized: 'Please log in first.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many attempts. Please wait {seconds:number} seconds and try again.',
}
