// The toast library without its style injection: react-toastify adds its CSS as an inline <style>
// element, which the app's Content-Security-Policy (style-src 'self') refuses. Its stylesheet comes as
// a file of this chunk instead.
import 'react-toastify/ReactToastify.css';

export * from 'react-toastify/unstyled';
