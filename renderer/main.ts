import './lib/zod-config.js';
import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';
import { app } from './lib/app-state.svelte.js';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
mount(App, { target });
void app.start();
