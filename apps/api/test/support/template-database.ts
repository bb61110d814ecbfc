export const TEMPLATE_DATABASE = 'poetry_template';
